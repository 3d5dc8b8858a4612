/**
 * testlib.h is not ours to ship (issue 3), so tests upload this stand-in: the handful of testlib calls a
 * simple checker makes, with testlib's exit codes and stderr prefixes. C++14, as checkers are compiled.
 */
export const testlibStandIn = `#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

enum TResult { _ok, _wa, _pe, _fail };

inline void quitf(TResult result, const char *format, ...) {
  static const char *const prefixes[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
  std::fprintf(stderr, "%s ", prefixes[result]);
  va_list args;
  va_start(args, format);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fputc('\\n', stderr);
  std::exit(result == _ok ? 0 : result == _wa ? 1 : result == _pe ? 2 : 3);
}

struct InStream {
  std::FILE *file;
  TResult onBadInput;
  long long readLong() {
    long long value = 0;
    if (!file || std::fscanf(file, "%lld", &value) != 1) quitf(onBadInput, "expected an integer");
    return value;
  }
};

static InStream inf = {nullptr, _fail}, ouf = {nullptr, _pe}, ans = {nullptr, _fail};

inline void registerTestlibCmd(int argc, char **argv) {
  if (argc < 4) quitf(_fail, "usage: checker input output answer");
  inf.file = std::fopen(argv[1], "r");
  ouf.file = std::fopen(argv[2], "r");
  ans.file = std::fopen(argv[3], "r");
}
`;

/** An A+B checker written against testlib, as admins write them. */
export const testlibAPlusBChecker = `#include "testlib.h"

int main(int argc, char **argv) {
  registerTestlibCmd(argc, argv);
  long long expected = ans.readLong();
  long long found = ouf.readLong();
  if (found != expected) quitf(_wa, "expected %lld, found %lld", expected, found);
  quitf(_ok, "the sum is %lld", found);
}
`;
