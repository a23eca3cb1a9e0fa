/* Run a test program as a child process with the environment as it is
 * now, and say whether it exited 0. The recording tests set TT_FOIL_TRACE
 * and its siblings, run their workload in a fresh process (the recorder
 * reads its environment once, at start) and then read what it wrote. */
#ifndef TF_CHECK_CHILD_H
#define TF_CHECK_CHILD_H

#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>

extern char **environ;

/* argv[0] is the program's path; argv ends with NULL. */
static inline int tf_check_run(char *const argv[])
{
    pid_t pid;
    int st = -1;
    if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ) != 0) return 0;
    if (waitpid(pid, &st, 0) != pid) return 0;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

#endif
