#include <stdio.h>
/* Exit 0 only if every write outside /box and /tmp failed. */
int main(int argc, char **argv) {
  const char *targets[] = {"/oj-hostile-probe", "/etc/oj-hostile-probe", "/usr/oj-hostile-probe",
                           "/proc/sys/kernel/hostname", "/dev/oj-hostile-probe", "/box/../oj-hostile-probe",
                           argc > 1 ? argv[1] : "/work/oj-hostile-probe"};
  int leaks = 0;
  for (unsigned i = 0; i < sizeof targets / sizeof *targets; i++) {
    FILE *file = fopen(targets[i], "w");
    int written = file && fputs("escaped\n", file) >= 0 && fclose(file) == 0;
    printf("%s: %s\n", targets[i], written ? "WRITTEN" : "blocked");
    leaks += written;
  }
  return leaks == 0 ? 0 : 42;
}
