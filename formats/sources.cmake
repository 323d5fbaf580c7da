# The package readers' sources: one folder of files per format, and the package's files as a
# reader may touch them.
set(SUDOKU_FORMATS_SOURCES
  package_files.cpp
  # Kattis / ICPC: problem.yaml, the data tree, the validators and submissions
  kattis.cpp kattis_data.cpp kattis_submissions.cpp kattis_submission_rules.cpp
  # DOMjudge: domjudge-problem.ini, .timelimit, tagged submissions over the Kattis reader; zips
  domjudge.cpp domjudge_scoring.cpp package_zip.cpp
  # Polygon: problem.xml (read with libxml2)
  polygon.cpp
  # LemonLime: the contest's .cdf, bounded and every field checked, and its tasks as problems
  lemon_cdf.cpp lemon.cpp
  # the writers: test sets in other judges' formats (sudoku/formats/export.hpp)
  export.cpp export_kattis.cpp export_hydro.cpp export_lemon.cpp export_cms.cpp
  # a whole contest in those formats, and the zips of the hosts that import one
  export_contest.cpp export_zip.cpp)
list(TRANSFORM SUDOKU_FORMATS_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/src/)
