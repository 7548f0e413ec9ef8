/* bench-run: runs a command in a fresh process and writes its rusage to file descriptor 3.
 *
 *   bench-run PROGRAM [ARGUMENTS...]   → fd 3: "status user_us system_us maxrss_kib\n"
 *
 * Linux carries a process's peak RSS across exec, taking in the memory of the process that
 * forked it (with vfork, the parent's whole address space). The driver is large, so it starts
 * this small program, which forks and execs the command: the command's ru_maxrss is then its
 * own, above a floor of this program's ~1 MiB.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench-run PROGRAM [ARGUMENTS...]\n");
    return 64;
  }
  pid_t pid = fork();
  if (pid < 0) {
    perror("bench-run: fork");
    return 70;
  }
  if (pid == 0) {
    close(3);
    execv(argv[1], argv + 1);
    perror("bench-run: exec");
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  while (wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) {
      perror("bench-run: wait4");
      return 70;
    }
  }
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  dprintf(3, "%d %lld %lld %ld\n", code,
          (long long)usage.ru_utime.tv_sec * 1000000 + usage.ru_utime.tv_usec,
          (long long)usage.ru_stime.tv_sec * 1000000 + usage.ru_stime.tv_usec, usage.ru_maxrss);
  return code;
}
