# The right sum after about 0.5 s of CPU: TLE under 0.3 s, AC when the language's time is tripled.
import sys, time
a, b = map(int, sys.stdin.read().split())
while time.process_time() < 0.5:
    pass
print(a + b)
