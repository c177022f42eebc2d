// Checks the plugin's description of threads' parameters for portable
// closures (cilk-abi.h: each C parameter's size, '=', its fields by offset,
// kind and width, or '!'), as the pass receives it (attribute
// "cilk-layout"): scalars of each kind, enums, _Bool, complex, structs with
// padding and arrays, continuations of them; pointers, unions, bit-fields
// and long double cannot travel.
// RUN: %cilkcc -fplugin-arg-cilk-mode=serial -S -emit-llvm -o - %s | FileCheck %s
struct rec {
    char c;
    double d;
    short s[2];
};
union u {
    int i;
    float f;
};
struct bits {
    int a : 3;
};
enum e { A = -1, B };

// CHECK-DAG: "cilk-layout"="8=0c24(0i1,8f8,16i2,18i2);24=0i1,8f8,16i2,18i2;1=0u1;2=0u2;8=0i8;4=0f4;16=0f8,8f8;4=0i4"
thread scalars(cont struct rec k, struct rec r, _Bool b, unsigned short us,
               long long ll, float f, _Complex double z, enum e x)
{
    send_argument(k, r);
}

// CHECK-DAG: "cilk-layout"="8=0c4(0i4);8=!;4=!;4=!;16=!;8=!"
thread others(cont int k, int *p, union u v, struct bits b, long double ld,
              cont int *q)
{
    send_argument(k, 0);
}
