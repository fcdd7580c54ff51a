package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
)

func main() {
	home, _ := os.UserHomeDir()
	kc := flag.String("kubeconfig", filepath.Join(home, ".kube", "config"), "kubeconfig path")
	flag.Parse()
	cfg, err := clientcmd.BuildConfigFromFlags("", *kc)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cs := kubernetes.NewForConfigOrDie(cfg)
	ctx := context.Background()

	crbs, _ := cs.RbacV1().ClusterRoleBindings().List(ctx, metav1.ListOptions{})
	fmt.Println("== Subjects bound to cluster-admin ==")
	for _, b := range crbs.Items {
		if b.RoleRef.Name == "cluster-admin" {
			for _, s := range b.Subjects {
				fmt.Printf("  %-40s %s/%s\n", b.Name, s.Kind, s.Name)
			}
		}
	}

	crs, _ := cs.RbacV1().ClusterRoles().List(ctx, metav1.ListOptions{})
	fmt.Println("== ClusterRoles with wildcard rules ==")
	for _, r := range crs.Items {
		if hasWildcard(r.Rules) {
			fmt.Printf("  %s\n", r.Name)
		}
	}

	fmt.Println("== Roles that can read secrets ==")
	for _, r := range crs.Items {
		for _, rule := range r.Rules {
			if contains(rule.Resources, "secrets") && (contains(rule.Verbs, "get") || contains(rule.Verbs, "list") || contains(rule.Verbs, "*")) {
				fmt.Printf("  %s\n", r.Name)
				break
			}
		}
	}
}

func hasWildcard(rules []rbacv1.PolicyRule) bool {
	for _, r := range rules {
		if contains(r.Verbs, "*") || contains(r.Resources, "*") {
			return true
		}
	}
	return false
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
