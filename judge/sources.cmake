# The judge library's sources, one folder per module (fuzz/CMakeLists.txt reads the lists too).
set(SUDOKU_JUDGE_SOURCES
  # the judge's own files: reached without following links, written durably, programs copied
  # without leaving a writable descriptor open
  files/durable_file.cpp files/executable_copy.cpp files/no_follow.cpp
  # the checkers: exact, tokens, lines, floats, LemonLime's modes; testlib checkers, Kattis output
  # validators, Lemon's special judges and CMS checkers, run in the sandbox
  checkers/checker_program.cpp checkers/checkers.cpp checkers/cms_checker.cpp checkers/float_checker.cpp
  checkers/kattis_validator.cpp checkers/lemon_checkers.cpp
  # a contest: CONTEST.yaml, plain problems, languages, what each submission holds, its export
  contest/contest.cpp contest/contest_export.cpp contest/grading_inputs.cpp contest/language_config.cpp
  contest/languages.cpp contest/plain_problem.cpp contest/score_tree.cpp contest/submission_file.cpp
  contest/submission_sources.cpp
  # grading: compile, run every test, decide the verdict, score
  grading/calibrate.cpp grading/compile.cpp grading/cpu_allocation.cpp grading/grader.cpp grading/java_source.cpp
  grading/problem_checker.cpp grading/program_digest.cpp grading/scoring.cpp grading/verdict.cpp
  # the machine checked before a contest (sudoku-judge doctor)
  doctor/doctor.cpp doctor/machine_checks.cpp
  # LemonLime contests
  import/aside_folder.cpp import/lemon_import.cpp
  # other judges' packages (formats/) as a contest folder: problem.yaml, contestants, expectations
  import/package_import.cpp import/package_programs.cpp import/package_time_limit.cpp import/problem_yaml_writer.cpp
  # verify: an imported package's submissions held to their expectations, its validators run
  import/verify.cpp import/verify_validators.cpp
  # what a grading writes: the journal, results, the report, the output folder
  output/journal.cpp output/out_dir.cpp output/results.cpp output/statistics.cpp
  # report.html from its parts (report_parts.hpp): the HTML shell, its charts, its data and script
  output/report.cpp output/report_charts.cpp output/report_data.cpp output/report_html.cpp output/report_script.cpp
  # the judge's side of the runner: spawning it, reading its record, the protections it had
  runner_client/cgroup_support.cpp runner_client/cgroup_sweep.cpp runner_client/judge_cgroups.cpp
  runner_client/protections.cpp runner_client/sandbox.cpp runner_client/spawn.cpp
  # scale-out: shards, their status, merging them
  scaleout/merge_folder.cpp scaleout/shard.cpp scaleout/shard_plan.cpp scaleout/shard_status.cpp)
list(TRANSFORM SUDOKU_JUDGE_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/src/)
