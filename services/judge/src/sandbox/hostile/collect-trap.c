/*
 * Leaves traps where the judge reads file-IO output back from the box after the run: a symlink to
 * a host file only root may read, and a FIFO (opening it for reading would wait for a writer forever).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
  int linked = symlink("/etc/shadow", "shadow.out");
  int fifo = mkfifo("fifo.out", 0644);
  printf("symlink %d fifo %d\n", linked, fifo);
  return 0;
}
