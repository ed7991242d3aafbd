// Callgrind's client requests, wrapped in functions Swift can call. The requests themselves are
// macros of inline assembly (valgrind/callgrind.h) that Swift cannot import; outside valgrind
// each one is a handful of no-op instructions, so the native build pays nothing for them.
#ifndef DEFLATEBENCH_CCALLGRIND_H
#define DEFLATEBENCH_CCALLGRIND_H

// Nonzero when the process runs under valgrind (any tool).
int deflatebench_running_on_valgrind(void);

// Zeroes callgrind's counters and switches collection on: what runs until
// `deflatebench_callgrind_stop` is what the next dump counts.
void deflatebench_callgrind_start(void);

// Switches collection off and writes the counters to the next dump file
// (<callgrind-out-file>.<n>, n counting from 1), labelled `reason`.
void deflatebench_callgrind_stop(const char *reason);

#endif
