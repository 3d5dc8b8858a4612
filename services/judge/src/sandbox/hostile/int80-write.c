/* Writes through the i386 syscall ABI (int 0x80) from a 64-bit program: the seccomp filter kills it. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
  write(1, "before\n", 7);
  /* int 0x80 takes 32-bit pointers: the message must sit below 4 GiB. */
  char *message = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
  if (message == MAP_FAILED) return 3;
  strcpy(message, "via i386\n");
  long result;
  __asm__ volatile("int $0x80" : "=a"(result) : "a"(4), "b"(1), "c"(message), "d"(9) : "memory", "r8", "r9", "r10", "r11");
  return result == 9 ? 0 : 4;
}
