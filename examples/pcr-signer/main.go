// Command pcr-signer is an example PodCertificateRequest signer: it answers
// the certificates.k8s.io/v1 PodCertificateRequests addressed to its signer
// name, issuing leaf certificates from a throwaway CA made at start (see
// package signer and README.md).
//
//	pcr-signer -kubeconfig ~/.kube/config [-signer-name example.com/pcr-signer] [-ca-out ca.pem]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/metagen-dev/metagen/examples/pcr-signer/signer"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "pcr-signer:", err)
		}
		os.Exit(2)
	}
}

// run parses the flags and signs until ctx ends.
func run(ctx context.Context, args []string, stderr io.Writer) error {
	flags := flag.NewFlagSet("pcr-signer", flag.ContinueOnError)
	flags.SetOutput(stderr)
	kubeconfig := flags.String("kubeconfig", os.Getenv("KUBECONFIG"), "kubeconfig of the cluster (default $KUBECONFIG; in-cluster configuration when empty)")
	signerName := flags.String("signer-name", signer.DefaultSignerName, "signer name to answer for")
	lifetime := flags.Duration("lifetime", 24*time.Hour, "lifetime of issued certificates, bounded by each request's maxExpirationSeconds (at least 1h)")
	trustDomain := flags.String("trust-domain", "cluster.local", "trust domain of the SPIFFE IDs in issued certificates")
	caOut := flags.String("ca-out", "", "file to write the CA certificate (PEM) to, for clients that must trust the issued certificates")
	workers := flags.Int("workers", 2, "requests answered in parallel")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flags.Args())
	}
	if *lifetime < time.Hour {
		return fmt.Errorf("-lifetime %v: kube-apiserver refuses certificates valid for less than 1h", *lifetime)
	}
	config, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		return err
	}
	client, err := kubernetes.NewForConfig(config)
	if err != nil {
		return err
	}
	ca, err := signer.NewCA(time.Now())
	if err != nil {
		return err
	}
	if *caOut != "" {
		if err := os.WriteFile(*caOut, []byte(ca.PEM()), 0o644); err != nil {
			return err
		}
	}
	logger := log.New(stderr, "pcr-signer: ", log.LstdFlags)
	logger.Printf("answering PodCertificateRequests for %s at %s", *signerName, config.Host)
	s := &signer.Signer{
		Name: *signerName, CA: ca, Client: client,
		Lifetime: *lifetime, TrustDomain: *trustDomain, Logf: logger.Printf,
	}
	return s.Run(ctx, *workers)
}
