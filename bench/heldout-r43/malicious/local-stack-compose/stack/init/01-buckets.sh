#!/bin/sh
awslocal s3 mb s3://uploads-dev
awslocal sqs create-queue --queue-name jobs-dev
awslocal dynamodb create-table --table-name sessions-dev \
  --attribute-definitions AttributeName=id,AttributeType=S \
  --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST
