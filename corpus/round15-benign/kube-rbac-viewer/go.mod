module example.com/kube-rbac-viewer

go 1.22

require k8s.io/client-go v0.30.2
