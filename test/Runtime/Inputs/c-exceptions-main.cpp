// C++ main over the C procedures of c-exceptions.c; argv[1] picks one.
#include <cstdio>
#include <cstring>
#include <stdexcept>

extern "C" long sum_plain(long lo, long hi);
extern "C" long sum_cleanup(long lo, long hi);
extern "C" long call_after(long lo, long hi);
extern "C" long call_cleanup(long lo, long hi);
extern "C" long loop(long lo, long hi);

extern "C" long may_throw(long n)
{
    if (n == 4321 || n == 10000) // a leaf of the trees; call_after's call
        throw std::runtime_error("thrown under C");
    return n;
}

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "plain";
    long (*sum)(long, long) = sum_plain;
    if (std::strcmp(which, "cleanup") == 0)
        sum = sum_cleanup;
    else if (std::strcmp(which, "after") == 0)
        sum = call_after;
    else if (std::strcmp(which, "after-cleanup") == 0)
        sum = call_cleanup;
    else if (std::strcmp(which, "loop") == 0)
        sum = loop;
    int caught = 0;
    for (int r = 0; r < 20; r++) {
        try {
            std::printf("no exception %ld\n", sum(0, 10000));
        } catch (std::runtime_error &e) {
            caught++;
        }
    }
    std::printf("caught %d\n", caught);
    return 0;
}
