/*
 * The run init's side of the cgroup accounting of a batch ('B'): between the runs of one batch the
 * judge takes no part, so the run init resets and reads the slot's cgroup counters itself, through
 * control files the judge opened as root and passed beside the cgroup.procs fds (the kernel checks a
 * write against the opener's credentials). What it does per run is what the judge does for a single
 * run (cgroups/cgroup-v1.ts): counters reset, page cache of an earlier run emptied, usage read after
 * the run's processes are all gone. The program never holds these fds (exec_program closes every fd
 * from 3 on).
 */
#include "run-supervisor.h"

int accounting_fds[ACCOUNTING_FD_COUNT] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

/* argv[2] of the supervisor: the fd of each control file in enum order, "-1" for one this kernel lacks. */
void parse_accounting_fds(const char *list) {
  for (int i = 0; i < ACCOUNTING_FD_COUNT && list && *list; i += 1) {
    char *end;
    accounting_fds[i] = (int)strtol(list, &end, 10);
    list = *end == ',' ? end + 1 : end;
  }
}

int accounting_ready(void) {
  static const int needed[] = {ACCOUNT_CPU, ACCOUNT_PEAK, ACCOUNT_USAGE, ACCOUNT_FORCE_EMPTY,
                               ACCOUNT_OOM, ACCOUNT_PIDS_EVENTS, ACCOUNT_PIDS_TASKS, ACCOUNT_MEMORY_TASKS};
  for (size_t i = 0; i < sizeof needed / sizeof *needed; i += 1) {
    if (accounting_fds[needed[i]] < 0) return 0;
  }
  return 1;
}

/* A kernfs control file shows fresh values on every read from offset 0: one pread per reading. */
static ssize_t read_control(int which, char *text, size_t room) {
  ssize_t n = pread(accounting_fds[which], text, room - 1, 0);
  text[n > 0 ? n : 0] = 0;
  return n;
}

static long long read_number(int which) {
  char text[64];
  return read_control(which, text, sizeof text) > 0 ? atoll(text) : -1;
}

/* The value of `key` in a "key value" file (memory.oom_control, pids.events). */
static long long read_keyed(int which, const char *key) {
  char text[1024];
  if (read_control(which, text, sizeof text) <= 0) return -1;
  size_t key_length = strlen(key);
  for (char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    if (!strncmp(line, key, key_length) && line[key_length] == ' ') return atoll(line + key_length + 1);
  }
  return 0;
}

static int write_zero(int which) {
  if (accounting_fds[which] < 0) return 0;
  return pwrite(accounting_fds[which], "0", 1, 0) == 1 ? 0 : -1;
}

static int is_empty(int which) {
  char first;
  return pread(accounting_fds[which], &first, 1, 0) == 0;
}

/* What an earlier run may leave charged before the memory cgroup is emptied (cgroup-v1.ts's bound). */
#define LEFTOVER_CHARGE_BYTES (512LL * 1024)

/* The counters that cannot be reset: a run's count is the difference from the one before it. */
static long long oom_kills_before, pids_hits_before;

int accounting_begin_batch(void) {
  oom_kills_before = read_keyed(ACCOUNT_OOM, "oom_kill");
  pids_hits_before = read_keyed(ACCOUNT_PIDS_EVENTS, "max");
  return oom_kills_before < 0 || pids_hits_before < 0 ? -1 : 0;
}

int accounting_begin_run(void) {
  /* Page cache an earlier run left (not kernel objects, which force_empty cannot free) would count as this run's peak. */
  long long usage = read_number(ACCOUNT_USAGE);
  /* The kernel part is read only when the whole charge is over the bound (a trivial run leaves less). */
  if (usage > LEFTOVER_CHARGE_BYTES && accounting_fds[ACCOUNT_KMEM] >= 0) usage -= read_number(ACCOUNT_KMEM);
  if (usage > LEFTOVER_CHARGE_BYTES) write_zero(ACCOUNT_FORCE_EMPTY);
  if (write_zero(ACCOUNT_CPU) < 0 || write_zero(ACCOUNT_PEAK) < 0 || write_zero(ACCOUNT_MEMSW_PEAK) < 0) return -1;
  return 0;
}

long long accounting_cpu_ns(void) { return read_number(ACCOUNT_CPU); }

/*
 * After the run init reaped the program (or died): waits until no task of the run is left in the
 * pids and memory cgroups (a killed namespace's tasks may still be exiting), then reads the usage.
 * -1 when tasks stay: the batch ends and the judge sweeps the cgroups.
 */
int accounting_end_run(struct run_usage *usage) {
  for (int waited = 0; !is_empty(ACCOUNT_PIDS_TASKS) || !is_empty(ACCOUNT_MEMORY_TASKS); waited += 1) {
    if (waited >= 2000) return -1;
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  long long oom_kills = read_keyed(ACCOUNT_OOM, "oom_kill");
  long long pids_hits = read_keyed(ACCOUNT_PIDS_EVENTS, "max");
  usage->cpu_ns = read_number(ACCOUNT_CPU);
  usage->peak_bytes = read_number(ACCOUNT_PEAK);
  if (oom_kills < 0 || pids_hits < 0 || usage->cpu_ns < 0 || usage->peak_bytes < 0) return -1;
  usage->oom_kills = oom_kills - oom_kills_before;
  usage->pids_hits = pids_hits - pids_hits_before;
  oom_kills_before = oom_kills;
  pids_hits_before = pids_hits;
  return 0;
}
