#include <string.h>
#include <unistd.h>
/* 1 GB to stdout. */
int main(void) {
  static char block[1 << 20];
  memset(block, 'x', sizeof block);
  for (int i = 0; i < 1024; i++)
    if (write(1, block, sizeof block) < 0) return 1;
  return 0;
}
