module example.com/gcpsecretsync

go 1.22

require (
	cloud.google.com/go/secretmanager v1.13.1
	cloud.google.com/go/storage v1.43.0
	google.golang.org/api v0.189.0
)
