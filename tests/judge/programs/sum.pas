{ AC on the stdio sum problem, in Pascal (fpc). }
program sum;
var a, b: int64;
begin
  readln(a, b);
  writeln(a + b);
end.
