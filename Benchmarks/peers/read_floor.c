/* The floor under `hingetool read`: a C loop that only parses a trace and writes the same seven
 * columns, with no reading of the hinge at all.
 *
 *     cc -O2 -o read_floor read_floor.c && ./read_floor TRACE.csv OUTPUT.dat
 *
 * It skips `#` lines and the header, takes the time and angle of each row with strtod, and
 * writes `t angle position velocity projected snap resting` with the angle in place of the
 * position and the projection, 0 for the velocity, the angle for the snap and 1 for resting,
 * through a buffered stdio stream, each number as a fixed decimal (six places for the time,
 * four for the angles, trailing zeros dropped: printf's %g costs more than the whole of `read`).
 * Whatever `read` costs beyond this is the reader, its exact shortest-form formatting of the
 * time and its checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes `value` with at most `places` decimals (rounded half away from zero, trailing zeros
 * dropped) into `out`; returns the bytes written. Values are below 2^53 / 10^places here. */
static int fixed(double value, int places, char *out) {
    static const double scale[] = {1, 10, 100, 1000, 10000, 100000, 1000000};
    int count = 0;
    if (value < 0) {
        out[count++] = '-';
        value = -value;
    }
    unsigned long long whole = (unsigned long long)(value * scale[places] + 0.5);
    while (places > 0 && whole % 10 == 0) {
        whole /= 10;
        places--;
    }
    char digits[32];
    int length = 0;
    do {
        digits[length++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole > 0 || length <= places);
    for (int index = length - 1; index >= 0; index--) {
        out[count++] = digits[index];
        if (index == places && places > 0) out[count++] = '.';
    }
    return count;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: read_floor TRACE.csv OUTPUT.dat\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    FILE *out = fopen(argv[2], "w");
    if (!in || !out) {
        perror("read_floor");
        return 1;
    }
    static char inbuf[1 << 16], outbuf[1 << 16];
    setvbuf(in, inbuf, _IOFBF, sizeof inbuf);
    setvbuf(out, outbuf, _IOFBF, sizeof outbuf);
    char line[4096];
    int header = 1;
    fputs("# t angle position velocity projected snap resting\n", out);
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#') continue;
        if (header) {
            header = 0;
            continue;
        }
        char *end;
        double time = strtod(line, &end);
        if (*end != ',') continue;
        char *angleText = end + 1;
        if (*angleText == ',') continue; /* no hinge */
        double angle = strtod(angleText, &end);
        char row[160];
        int length = fixed(time, 6, row);
        for (int column = 0; column < 5; column++) {
            row[length++] = ' ';
            if (column == 2) {
                row[length++] = '0';
                continue;
            }
            length += fixed(angle, 4, row + length);
        }
        memcpy(row + length, " 1\n", 3);
        fwrite(row, 1, (size_t)length + 3, out);
    }
    fclose(in);
    return fclose(out) == 0 ? 0 : 1;
}
