#include <stdio.h>
/* argv[1..]: host paths of another submission's files. Exit 0 only if none could be read. */
int main(int argc, char **argv) {
  int leaks = 0;
  const char *shadow = "/etc/shadow";
  for (int i = 0; i < argc; i++) {
    const char *path = i == 0 ? shadow : argv[i];
    FILE *file = fopen(path, "r");
    int read = file && fgetc(file) != EOF;
    printf("%s: %s\n", path, read ? "READ" : "blocked");
    leaks += read;
  }
  return leaks == 0 ? 0 : 42;
}
