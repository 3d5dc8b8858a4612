// 2^30 distinct instantiations: far more than 1 GB of compiler state.
template <int Depth, long Seed> struct Bomb {
  static constexpr long value = Bomb<Depth - 1, Seed * 2>::value + Bomb<Depth - 1, Seed * 2 + 1>::value;
};
template <long Seed> struct Bomb<0, Seed> {
  static constexpr long value = Seed;
};
int main() { return static_cast<int>(Bomb<30, 1>::value); }
