# Shared by the shell tests (Tests/install, Tests/newcomer, Tests/examples): one line per
# check, PASS or FAIL with what went wrong, then "N passed, M failed" as the AT-SPI test
# prints it, which scripts/test-summary adds up. Source it; end the test with `finish`.

passed=0
failed=0

# check NAME COMMAND [ARG...]: passes when COMMAND succeeds; shows its output otherwise.
check() {
  local name=$1 output
  shift
  if output=$("$@" 2>&1); then
    passed=$((passed + 1))
    echo "PASS $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name"
    sed 's/^/     /' <<<"$output" | head -n 30
  fi
}

# expect NAME EXPECTED COMMAND [ARG...]: passes when COMMAND prints exactly EXPECTED.
expect() {
  local name=$1 expected=$2 output
  shift 2
  output=$("$@" 2>&1)
  if [[ "$output" == "$expected" ]]; then
    passed=$((passed + 1))
    echo "PASS $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name"
    echo "     expected: $(printf %q "$expected")"
    echo "     got:      $(printf %q "$output")"
  fi
}

finish() {
  echo "$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
}
