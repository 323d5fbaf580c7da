// Compile bomb: exponentially many template instantiations.
template <int N> struct Bomb {
    static constexpr long value = Bomb<N - 1>::value + Bomb<N - 1>::value + 1;
    using Next = Bomb<N - 1>;
};
template <> struct Bomb<0> { static constexpr long value = 1; };
template <int N, int M> struct Grid2 {
    static constexpr long value = Grid2<N - 1, M>::value + Grid2<N, M - 1>::value;
};
template <int M> struct Grid2<0, M> { static constexpr long value = 1; };
template <int N> struct Grid2<N, 0> { static constexpr long value = 1; };
int main() { return static_cast<int>(Grid2<600, 600>::value + Bomb<900>::value); }
