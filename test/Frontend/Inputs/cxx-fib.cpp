// fib written as C++ (cxx-rejected.test).
struct guard { ~guard() {} };
cilk int fib(int n)
{
    guard g;
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}
