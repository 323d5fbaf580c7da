# Writes OUTPUT, a help2man include file holding `PROGRAM COMMAND --help` of each of COMMANDS under
# a COMMANDS section (packaging/CMakeLists.txt), so that the manual page carries every command's
# options, and a SEE ALSO section.
set(text "")
if(COMMANDS)
  set(text "[COMMANDS]\n")
  foreach(command ${COMMANDS})
    execute_process(COMMAND "${PROGRAM}" ${command} --help OUTPUT_VARIABLE help RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR "${PROGRAM} ${command} --help failed")
    endif()
    # roff: a line starting with a dot or a quote would be a request; a backslash an escape.
    string(REPLACE "\\" "\\e" help "${help}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
    string(APPEND text ".SS ${command}\n.nf\n${help}.fi\n")
  endforeach()
endif()
# Every page points at the other programs and the full documentation.
string(APPEND text "[SEE ALSO]\n.BR sudoku-solve (1),\n.BR sudoku-gen (1),\n.BR sudoku-judge (1);\n"
       "the toolkit's documentation in /usr/share/doc/sudoku-contest-toolkit/ (README.md, judge.md,\n"
       "scale-out.md) and the example contests in /usr/share/sudoku/examples/.\n")
file(WRITE "${OUTPUT}" "${text}")
