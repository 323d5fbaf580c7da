// Compile bomb: megabytes of diagnostics (each bad line yields several; the macros multiply it).
#define E1 undeclared_name_x = undeclared_name_y + undeclared_name_z;
#define E4 E1 E1 E1 E1
#define E16 E4 E4 E4 E4
#define E64 E16 E16 E16 E16
#define E256 E64 E64 E64 E64
#define E1024 E256 E256 E256 E256
void f() { E1024 E1024 E1024 E1024 E1024 E1024 E1024 E1024 }
int main() { f(); }
