# Right: Python's float repr carries every digit that matters.
import math

r = float(input())
print(math.pi * r * r)
