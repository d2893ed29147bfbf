# Reads `swift test` output and prints what a person needs: every failure in full (its issue
# lines and their continuation lines), each reason a suite was skipped for, once, and the summary
# lines. Used by `make test`.
function marker(line) { return line ~ /^(◇|✔|✘|↳|Test Suite|Test Case|\[)/ }
{ tail[NR % 40] = $0 }
/^✘/ { print; inIssue = ($0 ~ /recorded an issue/); if ($0 ~ /Test run with/) summary = 1; next }
/^↳/ { if (inIssue) print; next }
/^✔ Test run with/ { print; summary = 1; inIssue = 0; next }
# A suite skipped with a reason (no PostgreSQL server) says so once, not once per nested test.
/^➜ .* skipped: "/ {
    reason = $0; sub(/^[^"]*"[^"]*" skipped: "/, "", reason); sub(/"$/, "", reason)
    if (!(reason in said)) { said[reason] = 1; print reason }
    inIssue = 0; next
}
/Executed [0-9]+ tests?, with [1-9][0-9]* failures?/ { print; next }
{ if (marker($0)) inIssue = 0; else if (inIssue) print }
END {
    if (!summary) {
        print "no test summary: the run stopped early; its last lines:"
        for (i = NR - 39; i <= NR; i++) if (i > 0) print tail[i % 40]
    }
}
