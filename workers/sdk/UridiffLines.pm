# The lines of uridiff's worker protocol (uridiff-worker/1, uridiff's workers/README.md) for a
# worker written in Perl: its requests read and answered, the answers to one read's lines
# written together.
#
#   use FindBin ();
#   use lib "$FindBin::RealBin/sdk";
#   use UridiffLines ();
#   UridiffLines::serve(\&handle, $json);   # handle: a line to its answer, undef for a shutdown
#
# Requests are read as they arrive (sysread: what the pipe holds, up to 64 KiB), and the answers
# to one read's lines are written together, in one print: uridiff writes its requests in blocks,
# and with $| set each print is a write(2) of its own. No answer waits for a later read: all of a
# read's lines are answered before the next. A last line without its newline is a request too,
# as <STDIN> gives it. Blank lines are skipped.
package UridiffLines;

use strict;
use warnings;

# Answers every request line on STDIN with `$handle`'s value, encoded by `$json`, until the
# input ends or `$handle` gives undef.
sub serve {
    my ($handle, $json) = @_;
    my $pending = '';
    while (1) {
        my $got = sysread STDIN, $pending, 65536, length $pending;
        my $end = !$got;
        my ($start, $answers, $stop) = (0, '', 0);
        while (1) {
            my $newline = index $pending, "\n", $start;
            my $line;
            if ($newline >= 0) {
                $line = substr $pending, $start, $newline + 1 - $start;
                $start = $newline + 1;
            } elsif ($end && $start < length $pending) {
                $line = substr $pending, $start;
                $start = length $pending;
            } else {
                last;
            }
            next if $line =~ /\A\s*\z/;
            my $response = $handle->($line);
            if (!defined $response) {
                $stop = 1;
                last;
            }
            $answers .= $json->encode($response) . "\n";
        }
        substr($pending, 0, $start) = '';
        print STDOUT $answers if length $answers;
        last if $end || $stop;
    }
}

1;
