module example.com/snapshot-pruner

go 1.22

require github.com/aws/aws-sdk-go-v2 v1.30.0
