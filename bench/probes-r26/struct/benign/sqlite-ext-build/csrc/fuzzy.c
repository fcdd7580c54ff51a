#include <stdlib.h>
#include <string.h>

/* Levenshtein distance, O(n*m) time, O(m) memory. */
int fuzzy_levenshtein(const char *a, const char *b) {
    size_t n = strlen(a), m = strlen(b);
    int *row = malloc((m + 1) * sizeof(int));
    if (!row) return -1;
    for (size_t j = 0; j <= m; j++) row[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        int prev = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int tmp = row[j];
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = row[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            if (prev + cost < best) best = prev + cost;
            row[j] = best;
            prev = tmp;
        }
    }
    int d = row[m];
    free(row);
    return d;
}
