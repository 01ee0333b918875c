<?php
// uridiff worker (protocol uridiff-worker/1, workers/README.md): PHP's parse_url().
// Run with `php workers/php-parse-url.php`.
//
// parse = parse_url($input): an absent key is an undefined component (null), and since PHP 8
// an empty query or fragment ("?", "#") is kept as ''. userinfo is user[":" pass]; port is an
// int, reported as its decimal text. parse_url returns false for a "seriously malformed" URL:
// that is reported as rejected with code "false" (it gives no message). PHP's manual says the
// function does not validate, so decides_validity is false. PHP has no resolver and no
// serializer. PHP strings are bytes: a non-UTF-8 input reaches parse_url as it is, and a
// non-UTF-8 component comes back as {"b64": ...}.

// Component values are wrapped as {"b64": ...} before this; the substitute flag only guards
// free text (messages) from failing the whole line.
const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE;

final class BadRequest extends Exception
{
}

/** A protocol byte string (a JSON string, or {"b64": ...}) as PHP bytes. */
function take_bytes(array $request, string $name): string
{
    if (!array_key_exists($name, $request)) {
        throw new BadRequest("missing field \"$name\"");
    }
    $value = $request[$name];
    if (is_string($value)) {
        return $value;
    }
    if (is_array($value) && isset($value['b64']) && is_string($value['b64'])) {
        $raw = base64_decode($value['b64'], true);
        if ($raw === false) {
            throw new BadRequest("field \"$name\": bad base64");
        }
        return $raw;
    }
    throw new BadRequest("field \"$name\": a byte string is a string or {\"b64\": ...}");
}

/** PHP bytes to a protocol byte string. */
function give($value)
{
    if ($value === null) {
        return null;
    }
    $value = (string) $value;
    if (preg_match('//u', $value) === 1) {
        return $value;
    }
    return ['b64' => base64_encode($value)];
}

function parse(string $input): array
{
    $parts = parse_url($input);
    if ($parts === false) {
        return ['outcome' => 'rejected', 'message' => 'parse_url returned false',
            'code' => 'false', 'offset' => null];
    }
    $userinfo = null;
    if (array_key_exists('user', $parts)) {
        $userinfo = $parts['user'];
        if (array_key_exists('pass', $parts)) {
            $userinfo .= ':' . $parts['pass'];
        }
    }
    return ['outcome' => 'accepted', 'components' => [
        'scheme' => give($parts['scheme'] ?? null),
        'userinfo' => give($userinfo),
        'host' => give($parts['host'] ?? null),
        'port' => give($parts['port'] ?? null),
        'path' => give($parts['path'] ?? null),
        'query' => give($parts['query'] ?? null),
        'fragment' => give($parts['fragment'] ?? null),
    ]];
}

/** One request line to its response; null for shutdown. */
function handle(string $line): ?array
{
    $request = json_decode($line, true);
    if (!is_array($request) || array_is_list($request)) {
        return ['id' => null, 'outcome' => 'error',
            'message' => 'a request is a JSON object (' . json_last_error_msg() . ')'];
    }
    $id = $request['id'] ?? null;
    $op = $request['op'] ?? null;
    try {
        if ($op === 'shutdown') {
            return null;
        } elseif ($op === 'parse') {
            $input = take_bytes($request, 'input');
            try {
                $response = parse($input);
            } catch (Throwable $e) {
                $response = ['outcome' => 'rejected', 'message' => $e->getMessage(),
                    'code' => get_class($e), 'offset' => null];
            }
        } elseif (in_array($op, ['resolve', 'normalize', 'equivalent'], true)) {
            $response = ['outcome' => 'unsupported', 'message' => "parse_url has no $op"];
        } else {
            throw new BadRequest('unknown op ' . json_encode($op));
        }
    } catch (BadRequest $e) {
        $response = ['outcome' => 'error', 'message' => $e->getMessage()];
    }
    return ['id' => $id] + $response;
}

function emit(array $value): void
{
    fwrite(STDOUT, json_encode($value, FLAGS) . "\n");
    fflush(STDOUT);
}

emit([
    'protocol' => 'uridiff-worker/1',
    'name' => 'php-parse-url',
    'version' => PHP_VERSION,
    'profile' => 'php-parse-url',
    'operations' => ['parse'],
    'components' => ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'],
    'decides_validity' => false,
    'library' => 'parse_url (PHP ' . PHP_VERSION . ')',
    'notes' => ['parse_url returns false for a "seriously malformed" URL: rejected, code "false"'],
]);
// Requests are read as they arrive (fread: what the pipe holds), and the answers to one read's
// lines are written together, in one fwrite: uridiff writes its requests in blocks
// (src/subjects/external/feeder.rs), and STDOUT has no write buffer, so each fwrite is a
// write(2) of its own. No answer waits for a later read: all of a read's lines are answered
// before the next. A last line without its newline is a request too, as fgets gives it.
$pending = '';
$stop = false;
while (!$stop) {
    $chunk = fread(STDIN, 65536);
    $end = $chunk === false || ($chunk === '' && feof(STDIN));
    if (!$end) {
        $pending .= $chunk;
    }
    $answers = '';
    $start = 0;
    while (true) {
        $newline = strpos($pending, "\n", $start);
        if ($newline !== false) {
            $line = substr($pending, $start, $newline + 1 - $start);
            $start = $newline + 1;
        } elseif ($end && $start < strlen($pending)) {
            $line = substr($pending, $start);
            $start = strlen($pending);
        } else {
            break;
        }
        if (trim($line) === '') {
            continue;
        }
        $response = handle($line);
        if ($response === null) {
            $stop = true;
            break;
        }
        $answers .= json_encode($response, FLAGS) . "\n";
    }
    $pending = substr($pending, $start);
    if ($answers !== '') {
        fwrite(STDOUT, $answers);
    }
    if ($end) {
        break;
    }
}
