#!/usr/bin/env bash
# The manual pages (packaging/man/) as man reads them, and as the programs are:
#   1. every page renders without a warning from man and groff, at 80 columns;
#   2. each has the sections its kind needs: a program's SYNOPSIS ... SEE ALSO, a file's KEYS;
#   3. every option that a program's --help, or one of its commands' --help, lists is in the
#      program's page, so a page cannot fall behind an option added to the program.
#   test_manual_pages.sh MAN_DIR SOLVE GEN JUDGE SANDBOX
# Exit 77 (skipped) without man (Debian package man-db).
set -euo pipefail
man_dir="$1"
declare -A program=([sudoku-solve.1]="$2" [sudoku-gen.1]="$3" [sudoku-judge.1]="$4" [sudoku-sandbox.8]="$5")
command -v man >/dev/null || { echo "skipped: no man (Debian package man-db)"; exit 77; }
failed=0
fail() { echo "FAIL: $*" >&2; failed=1; }

for page in "$man_dir"/*.[158]; do
  name="$(basename "$page")"
  warnings="$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null || echo "man failed on $name")"
  [ -z "$warnings" ] || fail "$name: man --warnings says: $warnings"
  case "$name" in
  *.5) sections="NAME SYNOPSIS DESCRIPTION KEYS EXAMPLES FILES SEE.ALSO" ;;
  *) sections="NAME SYNOPSIS DESCRIPTION OPTIONS EXIT.STATUS ENVIRONMENT FILES EXAMPLES SEE.ALSO" ;;
  esac
  for section in $sections; do
    grep -Eq "^\.SH \"?(${section//./ })\"?$" "$page" || fail "$name: no section ${section//./ }"
  done
done

# The options of PROGRAM's --help and of each command's --help ("  --out DIR   ...", "  -h,--help").
options_of() {
  local binary="$1"
  {
    "$binary" --help
    for command in $("$binary" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z-]*\) .*/\1/p'); do
      "$binary" "$command" --help
    done
  } | grep -oE '(^|[ ,])--[a-z][a-z0-9-]*' | sed 's/^[ ,]//' | sort -u
}

for name in "${!program[@]}"; do
  page="$man_dir/$name"
  [ -f "$page" ] || { fail "no page $name"; continue; }
  [ -x "${program[$name]}" ] || { fail "no program ${program[$name]}"; continue; }
  text="$(sed 's/\\-/-/g' "$page")"  # the page's source, its escaped hyphens plain
  for option in $(options_of "${program[$name]}"); do
    grep -qF -- "$option" <<<"$text" || fail "$name does not document $option, which ${program[$name]##*/} --help lists"
  done
done
[ $failed = 0 ] && echo "every page renders without a warning and documents every option its program lists"
exit $failed
