/*
 * The timing bench's CPU-bound program (sandbox-timing.bench.ts): the loop of argv[1] rounds, then one
 * line: its own CPU clock in ns (CLOCK_PROCESS_CPUTIME_ID: the scheduler's runtime of this process, the
 * source of the cgroup's counter), its involuntary context switches and its migrations between CPUs
 * (-1 where /proc/self/sched is missing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static long long migrations(void) {
  FILE *f = fopen("/proc/self/sched", "r");
  char line[256];
  long long value = -1;
  while (f && fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (strncmp(line, "se.nr_migrations", 16) == 0 && colon) value = atoll(colon + 1);
  }
  if (f) fclose(f);
  return value;
}

int main(int argc, char **argv) {
  volatile unsigned long long x = 0;
  unsigned long long rounds = argc > 1 ? strtoull(argv[1], 0, 10) : 1000000000ULL;
  for (unsigned long long i = 0; i < rounds; i += 1) x += i ^ (x >> 3);
  struct timespec cpu;
  struct rusage usage;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
  getrusage(RUSAGE_SELF, &usage);
  printf("%lld %ld %lld\n", cpu.tv_sec * 1000000000LL + cpu.tv_nsec, usage.ru_nivcsw, migrations());
  return 0;
}
