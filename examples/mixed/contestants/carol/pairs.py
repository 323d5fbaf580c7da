# Wrong: 0 is not a positive integer (the checker says so), so neither group scores.
with open("pairs.in") as f:
    n = int(f.read())
with open("pairs.out", "w") as f:
    print(0, n, file=f)
