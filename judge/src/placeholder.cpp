// The judge library starts here; see judge/include/sudoku.
namespace sudoku::judge {}
