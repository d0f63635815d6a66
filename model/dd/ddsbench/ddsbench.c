/* ddsbench: DDS's CalcDDtablePBN and DealerPar on deals read one a line
   ("N:hand hand hand hand dealer vul", dealer 0-3 from North, vul 0 none,
   1 both, 2 NS, 3 EW as DDS counts), on one thread. It prints, per deal,
   the 20 tricks (N E S W by C D H S NT), the par score and contracts, and
   on stderr the CPU time per table; given a file name, it appends each
   table's CPU time in ms to it, one a line. Build: cc -O2 ddsbench.c -ldds */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <dds/dll.h>

int main(int argc, char **argv) {
	FILE *times = argc > 1 ? fopen(argv[1], "a") : NULL;
	char line[256], deal[80];
	int dealer, vul, n = 0;
	double cpu = 0;
	SetMaxThreads(1);
	while (fgets(line, sizeof line, stdin)) {
		char h[4][32];
		if (sscanf(line, "%31s %31s %31s %31s %d %d", h[0], h[1], h[2], h[3], &dealer, &vul) != 6)
			continue;
		snprintf(deal, sizeof deal, "%s %s %s %s", h[0], h[1], h[2], h[3]);
		struct ddTableDealPBN d;
		struct ddTableResults r;
		struct parResultsDealer p;
		strncpy(d.cards, deal, sizeof d.cards);
		clock_t t0 = clock();
		int rc = CalcDDtablePBN(d, &r);
		double t = (double)(clock() - t0) / CLOCKS_PER_SEC;
		cpu += t;
		if (times)
			fprintf(times, "%.1f\n", 1000 * t);
		if (rc != 1) {
			fprintf(stderr, "CalcDDtablePBN: %d on %s\n", rc, deal);
			return 1;
		}
		if ((rc = DealerPar(&r, &p, dealer, vul)) != 1) {
			fprintf(stderr, "DealerPar: %d\n", rc);
			return 1;
		}
		static const int strain[5] = {3, 2, 1, 0, 4}; /* C D H S NT in DDS's order */
		for (int s = 0; s < 4; s++)
			for (int k = 0; k < 5; k++)
				printf("%d ", r.resTable[strain[k]][s]);
		printf("%d", p.score);
		for (int i = 0; i < p.number; i++)
			printf(" %s", p.contracts[i]);
		printf("\n");
		n++;
	}
	if (times)
		fclose(times);
	fprintf(stderr, "%d tables, %.1f ms CPU per table, %.2f tables/s\n", n, 1000 * cpu / n, n / cpu);
	return 0;
}
