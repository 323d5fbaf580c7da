# Writes OUT, a C++ file holding each of SOURCES (a list of files) as a raw string literal named
# by its file name (dots and dashes as underscores), in namespace sudoku::formats::embedded.
# Run at build time (cmake -P), so an edited checker source is in the next build's export.
set(text "// Generated from formats/checkers/ by embed_sources.cmake: do not edit.\n")
string(APPEND text "#include <string_view>\n\nnamespace sudoku::formats::embedded {\n")
foreach(source IN LISTS SOURCES)
  file(READ "${source}" content)
  if(content MATCHES "\\)sudoku_source\"")
    message(FATAL_ERROR "${source}: holds the raw string delimiter )sudoku_source\"")
  endif()
  get_filename_component(name "${source}" NAME)
  string(REGEX REPLACE "[.-]" "_" name "${name}")
  string(APPEND text "extern const std::string_view ${name};\n")
  string(APPEND text "const std::string_view ${name} = R\"sudoku_source(${content})sudoku_source\";\n")
endforeach()
string(APPEND text "}  // namespace sudoku::formats::embedded\n")
file(WRITE "${OUT}.new" "${text}")
file(COPY_FILE "${OUT}.new" "${OUT}" ONLY_IF_DIFFERENT)
