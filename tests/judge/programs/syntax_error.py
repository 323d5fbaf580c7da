# CE: Python's bytecode compiler refuses this file.
def broken(:
    return 1
