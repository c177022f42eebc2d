#include <stdio.h>

int main(void)
{
    puts("plain C main");
    return 0;
}
