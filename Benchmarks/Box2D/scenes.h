// The scenes box2d_bench builds with Box2D (see scenes.c).
#pragma once
#include <box2d/box2d.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct {
    const char* name;
    int steps;
    b2Vec2 gravity;
    bool sleep;
    void (*build)(b2WorldId world);
    // The junkyard's pusher: x = start + amplitude · sin(ω t), set as a velocity each step.
    bool hasPusher;
    // Rain: this many bodies, a hundredth of them per step, into a bin a hundredth as wide in
    // metres on each side; `warmup` untimed steps come first.
    int rainCount;
    int warmup;
    // Sub-steps a step and contact stiffness in hertz; 0 takes Box2D's own (4 and its default).
    int subSteps;
    float contactHertz;
} Scene;

/// What a scene's build leaves for the run: the junkyard's pusher, and the large pyramid's top box
/// and boxes (with where they started) for how far they moved.
enum { largePyramidBoxes = 5050 };
typedef struct {
    b2BodyId pusher;
    b2Vec2 pusherStart;
    b2BodyId pyramidTop;
    b2BodyId trackedBoxes[largePyramidBoxes];
    float trackedStartX[largePyramidBoxes];
    int trackedCount;
    bool tracking;
} SceneState;

extern SceneState sceneState;
extern const Scene scenes[];
extern const int sceneCount;

/// Rain's random numbers: SplitMix64, as Profiles' spawners draw them.
typedef struct { uint64_t state; } SplitMix64;

/// The rain's open bin, `halfWidth` metres each side of the origin, 30 m high.
void buildRainBin(b2WorldId world, float halfWidth);
/// Rain body number `index`, drawn from `r` as Spawners.swift draws it.
void spawnRainBody(b2WorldId world, int index, SplitMix64* r, float halfWidth);
