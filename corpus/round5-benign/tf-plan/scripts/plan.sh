#!/bin/bash
terraform init -input=false
terraform plan -out=tfplan
terraform show -json tfplan > plan.json
echo "Run 'terraform destroy' yourself if you want to tear it down."
