#include <stdlib.h>
#include <string.h>
/* 2 GB, touched page by page so the memory cgroup sees every byte. */
int main(void) {
  size_t size = (size_t)2 << 30;
  char *block = malloc(size);
  if (!block) return 3;
  for (size_t i = 0; i < size; i += 4096) block[i] = 1;
  return block[size / 2];
}
