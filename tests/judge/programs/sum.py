# AC on the stdio sum problem, in Python 3.
import sys
a, b = map(int, sys.stdin.read().split())
print(a + b)
